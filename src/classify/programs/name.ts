// The name a program word is known by in every table (launchers, effect
// handlers, family rows): the walker and the effect table both normalise with it.

/** `program` normalisation: basename, lowercased, `.exe` stripped (`/usr/bin/GIT.exe` → `git`). */
export function programName(value: string): string {
  let end = value.length;
  // A trailing separator names a directory; take the last non-empty segment.
  while (end > 1 && (value[end - 1] === "/" || value[end - 1] === "\\")) end--;
  let start = end;
  while (start > 0 && value[start - 1] !== "/" && value[start - 1] !== "\\") start--;
  let name = value.slice(start, end).toLowerCase();
  if (name.length > 4 && name.endsWith(".exe")) name = name.slice(0, -4);
  return name;
}
