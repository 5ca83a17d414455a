// A tool whose later release changed only its declared schema (a number became an integer with
// bounds): the same table, declared and checked with the newer schema.
import type { JsonSchema } from '../../registry/types.js';
import type { ToolMaker } from '../common/define.js';

export const reschemed =
  <A>(maker: ToolMaker<A>, schema: JsonSchema): ToolMaker<A> =>
  (env, dialect) => ({ ...maker(env, dialect), inputSchema: schema });
