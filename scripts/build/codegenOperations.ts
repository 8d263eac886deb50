/**
 * The codegen filter's table (scripts/build/codegen.operations.json, read by codegen.config.cjs), typed
 * by the contract: an operation of openapi.yaml it does not list, or a name in it that is no
 * operation, is a compile error here, and the error names it.
 */
import type { OperationId } from '../../domain/contract/types';
import table from './codegen.operations.json';

type Unlisted = Exclude<OperationId, keyof typeof table>;
type NotOperations = Exclude<keyof typeof table, OperationId>;
type Checked = [Unlisted | NotOperations] extends [never]
  ? Record<OperationId, string>
  : Record<Unlisted, string> & { [Name in NotOperations]: never };

/**
 * Whether each operation's endpoint is generated: `app` (the customer app's, or the owner
 * console's when its path is under /owner/) or `none`.
 */
export const codegenDestinations: Checked = table;
