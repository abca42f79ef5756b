import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import { BOOLEAN_COLUMNS } from './schema';

/**
 * Makes both databases look the same to repositories:
 * - SQLite has no boolean type and node:sqlite refuses to bind JS booleans, so booleans are
 *   written as 0/1 and our boolean columns are read back as true/false;
 * - PostgreSQL returns timestamptz as Date; we read every timestamp as an ISO-8601 string,
 *   which is what SQLite stores.
 */
export class NormalizePlugin implements KyselyPlugin {
  readonly #toInt = new BooleanToInteger();

  constructor(private readonly kind: 'sqlite' | 'postgres') {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.kind === 'sqlite' ? this.#toInt.transformNode(args.node) : args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { result } = args;
    if (!result.rows.length) return result;
    return { ...result, rows: result.rows.map((row) => this.#normalizeRow(row)) };
  }

  #normalizeRow(row: UnknownRow): UnknownRow {
    const out: UnknownRow = {};
    for (const [key, value] of Object.entries(row)) {
      if (value instanceof Date) out[key] = value.toISOString();
      else if (this.kind === 'sqlite' && BOOLEAN_COLUMNS.has(key) && typeof value === 'number') out[key] = value === 1;
      else out[key] = value;
    }
    return out;
  }
}

class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === 'boolean' ? { ...node, value: node.value ? 1 : 0 } : node;
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)) };
  }
}
