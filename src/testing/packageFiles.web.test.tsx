import { render, screen } from '@testing-library/react';
import { packageFilesMarker } from './packageFiles';

it("the web project's environment installs it, and jest reads the packages' modules through it", () => {
  render(<p>Rendered</p>);
  expect(screen.getByText('Rendered')).toBeInTheDocument();
  const kept = (globalThis as { [packageFilesMarker]?: Map<string, unknown> })[packageFilesMarker];
  const files = [...(kept?.keys() ?? [])];
  expect(files.filter((file) => /\/node_modules\/react-dom\/.+\.js$/.test(file))).not.toEqual([]);
  expect(files.filter((file) => !file.includes('/node_modules/'))).toEqual([]);
});
