import { collectColumns, isNested } from './flatten.js';

/**
 * Notices flattened columns a record has that no earlier record had. Runs for every row of an export, so
 * the common case, a record with nothing new, is checked against a tree of the keys seen so far without
 * building a single dotted name; only a record that has something new pays for collectColumns.
 */
export class ShapeWatch {
  /** Every flattened column seen, in first-seen order. */
  readonly columns: Set<string>;
  /** Per object path ('' for the record itself): its scalar keys, and its nested objects by key. */
  #root: ShapeNode = newNode();
  /**
   * Whether the keys seen so far could make two paths of one record flatten to one name (`"a.b"` and
   * `a` → `b`): then a record of known shape can still need a suffixed column, and every record is checked.
   */
  #ambiguous = false;

  /** `collided` receives the suffixed names given where two paths of one record flatten to one name. */
  constructor(
    initial: Iterable<string>,
    readonly collided = new Set<string>(),
  ) {
    this.columns = new Set(initial);
  }

  /** The columns this record adds, in order; usually none. */
  notice(record: object): string[] {
    if (!this.#ambiguous && covered(record, this.#root)) return [];
    const before = this.columns.size;
    collectColumns(record, this.columns, this.collided);
    if (!this.#ambiguous) {
      learn(record, this.#root);
      this.#ambiguous = hasRepeatedName(this.#root);
    }
    return before === this.columns.size ? [] : [...this.columns].slice(before);
  }
}

interface ShapeNode {
  scalars: Set<string>;
  nested: Map<string, ShapeNode>;
}

function newNode(): ShapeNode {
  return { scalars: new Set(), nested: new Map() };
}

function covered(value: object, node: ShapeNode): boolean {
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    if (isNested(child)) {
      const inner = node.nested.get(key);
      if (inner === undefined || !covered(child, inner)) return false;
    } else if (!node.scalars.has(key)) {
      return false;
    }
  }
  return true;
}

function learn(value: object, node: ShapeNode): void {
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    if (isNested(child)) {
      let inner = node.nested.get(key);
      if (inner === undefined) node.nested.set(key, (inner = newNode()));
      learn(child, inner);
    } else {
      node.scalars.add(key);
    }
  }
}

/** Whether two paths of the tree join to one dotted name. */
function hasRepeatedName(root: ShapeNode): boolean {
  const names = new Set<string>();
  const visit = (node: ShapeNode, prefix: string): boolean => {
    for (const key of node.scalars) {
      const name = prefix === '' ? key : `${prefix}.${key}`;
      if (names.has(name)) return true;
      names.add(name);
    }
    for (const [key, inner] of node.nested) {
      if (visit(inner, prefix === '' ? key : `${prefix}.${key}`)) return true;
    }
    return false;
  };
  return visit(root, '');
}
