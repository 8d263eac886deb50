import FixedJsdomEnvironment from 'jest-fixed-jsdom';

/**
 * The web project's test environment: jest-fixed-jsdom (jsdom with Node's fetch, streams and
 * URL, which MSW needs). A test file's `@time-zone Area/City` docblock runs it as a browser in
 * that zone.
 */
export default class JsdomEnvironment extends FixedJsdomEnvironment {
  private readonly zoneBefore: string | undefined;

  constructor(...args: ConstructorParameters<typeof FixedJsdomEnvironment>) {
    super(...args);
    // The test file's `process.env` is a copy: only this realm's `TZ` reaches the engine's clock.
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
