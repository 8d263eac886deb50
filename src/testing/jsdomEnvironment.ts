import FixedJsdomEnvironment from 'jest-fixed-jsdom';
import { installPackageFiles, packageFilesMarker } from './packageFiles';
import { installSharedCompile } from './sharedCompile';

installSharedCompile();
const packageFiles = installPackageFiles();

/**
 * The web project's test environment: jest-fixed-jsdom (jsdom with Node's fetch, streams and
 * URL, which MSW needs), with compiled code and the packages'
 * files shared between the worker's test files (`sharedCompile.ts`, `packageFiles.ts`). It is
 * installed here rather than in a setup file because it works with jsdom's, jest's and Node's own
 * modules, which only this realm shares with them.
 */
export default class JsdomEnvironment extends FixedJsdomEnvironment {
  private readonly zoneBefore: string | undefined;

  constructor(...args: ConstructorParameters<typeof FixedJsdomEnvironment>) {
    super(...args);
    Object.defineProperty(this.global, packageFilesMarker, { value: packageFiles });
    // A test file's `@time-zone Area/City` docblock runs it as a browser in that zone. The test
    // file's `process.env` is a copy: only this realm's `TZ` reaches the engine's clock.
    const zone = args[1].docblockPragmas['time-zone'];
    this.zoneBefore = process.env.TZ;
    if (typeof zone === 'string') process.env.TZ = zone;
  }

  override async teardown() {
    if (this.zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = this.zoneBefore;
    await super.teardown();
  }
}
