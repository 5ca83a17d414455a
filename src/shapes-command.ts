// `facet shapes [--json] [serve options]`: the shapes a server with these options serves, each
// with the vendor release it follows and the releases a host may pin as NAME@VERSION. The JSON is
// the facet://shapes resource's text.
import { parseConfig } from './config.js';
import { shapeListings } from './shapes/release-table.js';

export const SHAPES_USAGE =
  'Usage: facet shapes [--json] [--shape S ...]  (the shapes served and the vendor releases they follow)';

/** The text `facet shapes <args>` prints; throws ConfigError on a bad argument. */
export function shapesCommand(args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const json = args.includes('--json');
  const config = parseConfig(
    args.filter((a) => a !== '--json'),
    env,
  );
  const listings = shapeListings(config.shapes);
  if (json) return `${JSON.stringify(listings, null, 2)}\n`;
  const rows = [
    ['shape', 'version', 'package', 'released', 'versions'],
    ...listings.map((l) => [l.name, l.version, l.package, l.released ?? '-', l.versions.join(', ')]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return `${rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n')}\n`;
}
