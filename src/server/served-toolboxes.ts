// The toolboxes of the served shapes, by served key (NAME, NAME@VERSION), each built when it is
// first asked for: `facet serve` serves every shape by default, and a host calls one or two, so
// start-up builds none of them (issue 38). The keys, and so what is served, are known at once.
// A shape's module is imported by the first call that names it (load), so `facet serve` starts
// without the code of nine shapes; a caller that reads toolboxes synchronously (MCP) loads the
// shapes first (loadShapes).
import type { Engine } from '../engine/index.js';
import type { FacetConfig } from '../config.js';
import { Toolbox, type CallObserver } from '../registry/toolbox.js';
import type { ToolboxSpec } from '../registry/types.js';
import { buildShapeEntry, loadShapes, servedShapeKeys, shapeLoaded } from '../shapes/build.js';
import { shapeListings } from '../shapes/release-table.js';
import { servedReadOnly } from '../shapes/tags.js';

export class ServedToolboxes implements ReadonlyMap<string, Toolbox> {
  /** Served key → the --shape entry that serves it, in the order the keys are listed. */
  private readonly keyEntries: Map<string, string>;
  private readonly built = new Map<string, Toolbox>();
  private readonly listings;

  constructor(
    private readonly config: FacetConfig,
    private readonly engine: Engine,
    private readonly observer: CallObserver | undefined,
    private readonly identity: { name?: string; version?: string } | undefined,
    extraSpecs: ReadonlyMap<string, ToolboxSpec> = new Map(),
  ) {
    this.keyEntries = servedShapeKeys(config);
    this.listings = shapeListings(config.shapes);
    for (const name of config.shapes)
      if (!this.keyEntries.has(name)) throw new Error(`shape "${name}" is not available in this build`);
    for (const [name, spec] of extraSpecs) {
      this.keyEntries.set(name, '');
      this.built.set(name, new Toolbox(spec, observer, { compile: 'first-call' }));
    }
  }

  get size(): number {
    return this.keyEntries.size;
  }

  has(key: string): boolean {
    return this.keyEntries.has(key);
  }

  /**
   * Imports the module of the shape serving `key` when it is not yet imported: the promise to await before get(), or
   * undefined when there is nothing to wait for (every call but a shape's first).
   */
  load(key: string): Promise<void> | undefined {
    if (this.built.has(key)) return undefined;
    const entry = this.keyEntries.get(key);
    return entry === undefined || shapeLoaded(entry) ? undefined : loadShapes([entry]);
  }

  get(key: string): Toolbox | undefined {
    const entry = this.keyEntries.get(key);
    if (entry === undefined) return undefined;
    if (!this.built.has(key)) this.build(entry);
    return this.built.get(key);
  }

  /**
   * Builds every key of one --shape entry not yet built; keys naming one release share its spec, and so one toolbox.
   */
  private build(entry: string): void {
    const bySpec = new Map<ToolboxSpec, Toolbox>();
    for (const [key, spec] of buildShapeEntry(entry, this.config, this.engine, this.listings)) {
      if (this.keyEntries.get(key) !== entry || this.built.has(key)) continue;
      let toolbox = bySpec.get(spec);
      if (!toolbox) {
        // --read-only hides every destructive tool from the catalog and from CallTool alike.
        const tools = this.config.readOnly ? spec.tools.filter(servedReadOnly) : spec.tools;
        const { name = spec.name, version = spec.version } = this.identity ?? {};
        toolbox = new Toolbox({ ...spec, name, version, tools }, this.observer, { compile: 'first-call' });
        bySpec.set(spec, toolbox);
      }
      this.built.set(key, toolbox);
    }
  }

  keys(): MapIterator<string> {
    return this.keyEntries.keys();
  }

  *entries(): MapIterator<[string, Toolbox]> {
    for (const key of this.keyEntries.keys()) yield [key, this.get(key)!];
  }

  *values(): MapIterator<Toolbox> {
    for (const key of this.keyEntries.keys()) yield this.get(key)!;
  }

  [Symbol.iterator](): MapIterator<[string, Toolbox]> {
    return this.entries();
  }

  forEach(fn: (value: Toolbox, key: string, map: ReadonlyMap<string, Toolbox>) => void): void {
    for (const [key, value] of this.entries()) fn(value, key, this);
  }
}
