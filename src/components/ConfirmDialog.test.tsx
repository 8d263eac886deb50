import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../testing/user';
import { renderWithProviders } from '../testing/render';
import { ConfirmDialog, useConfirm } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it('is a labelled dialog; Confirm and Cancel call back; the cancel button has focus', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        title="Delete vehicle"
        message="Are you sure you want to delete this vehicle?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete vehicle' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this vehicle?');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(cancel);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while busy its buttons are disabled and Escape does not dismiss it', async () => {
    const onCancel = jest.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        message="Cancel this subscription?"
        onConfirm={jest.fn()}
        onCancel={onCancel}
        busy
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    for (const button of within(dialog).getAllByRole('button')) expect(button).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});

function Harness() {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void confirm({ message: 'Cancel this subscription?' }).then((ok) => setAnswer(String(ok)))
        }
      >
        Ask
      </button>
      <p>answer: {answer}</p>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('resolves true on Confirm and false on Cancel or Escape', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('answer: true')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Cancel this subscription?');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
  });
});
