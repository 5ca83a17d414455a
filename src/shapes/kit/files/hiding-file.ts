// Which ignore file hides a path, each file read on its own (a negation in one does not
// expose what another hides), for a tool that names the file in its refusal.

/** The first of `names` that `hides` (asked with that one file) says hides the path; undefined when none does. */
export async function hidingFile(
  names: readonly string[],
  hides: (names: string[]) => Promise<unknown>,
): Promise<string | undefined> {
  for (const name of names) if (await hides([name])) return name;
  return undefined;
}
