// What the bundle format allows where the cursor is, read from the JSON Schema
// (`gatehouse bundle schema`, shipped as dist/web/bundle.schema.json): the keys
// of the object being written (required ones starred) or the values a field
// takes. A union of artifact kinds (or optimize levers) is narrowed by the
// `kind` (`lever`) already written in that object.
import { getLocation, type Segment } from "jsonc-parser";

type Schema = Record<string, unknown>;

export interface Hint {
  /** Where: `artifacts[3].body`. */
  at: string;
  text: string;
}

function pathText(path: Segment[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out === "" ? p : `.${p}`;
  return out === "" ? "(top level)" : out;
}

function valueAt(value: unknown, path: Segment[]): unknown {
  let cur = value;
  for (const p of path) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

export class SchemaHints {
  constructor(private readonly root: Schema) {}

  private deref(s: Schema | undefined): Schema | undefined {
    let cur = s;
    for (let i = 0; cur !== undefined && typeof cur.$ref === "string" && i < 16; i++) {
      const name = (cur.$ref as string).replace(/^#\/\$defs\//, "");
      cur = (this.root.$defs as Record<string, Schema> | undefined)?.[name];
    }
    return cur;
  }

  /** Narrow a union to the branch whose `const` discriminator matches the value written; else the object branches merged. */
  private narrow(s: Schema | undefined, value: unknown): Schema | undefined {
    const node = this.deref(s);
    const branches = (node?.oneOf ?? node?.anyOf) as Schema[] | undefined;
    if (node === undefined || branches === undefined) return node;
    const resolved = branches.map((b) => this.deref(b)).filter((b): b is Schema => b !== undefined);
    for (const b of resolved) {
      const props = b.properties as Record<string, Schema> | undefined;
      if (props === undefined) continue;
      const discriminators = Object.entries(props).filter(([, p]) => p.const !== undefined);
      if (discriminators.length > 0 && discriminators.every(([k, p]) => (value as Record<string, unknown> | undefined)?.[k] === p.const)) return b;
    }
    const objects = resolved.filter((b) => b.properties !== undefined);
    if (objects.length === 0) return node;
    // No discriminator yet: the keys any branch takes.
    return { type: "object", properties: Object.assign({}, ...objects.map((b) => b.properties)), required: [], description: node.description, branches: objects.length };
  }

  /** The schema at `path` inside a document whose last good parse is `doc`. */
  schemaAt(path: Segment[], doc: unknown): Schema | undefined {
    let cur = this.narrow(this.root, doc);
    for (let i = 0; i < path.length && cur !== undefined; i++) {
      const seg = path[i]!;
      let next: Schema | undefined;
      if (typeof seg === "number") next = cur.items as Schema | undefined;
      else next = (cur.properties as Record<string, Schema> | undefined)?.[seg] ?? (typeof cur.additionalProperties === "object" ? (cur.additionalProperties as Schema) : undefined);
      cur = this.narrow(next, valueAt(doc, path.slice(0, i + 1)));
    }
    return cur;
  }

  private describeValues(s: Schema): string {
    const options = ((s.anyOf ?? s.oneOf) as Schema[] | undefined)?.map((b) => this.deref(b) ?? {}) ?? [s];
    const parts = options.flatMap((o) => {
      if (Array.isArray(o.enum)) return [(o.enum as unknown[]).join(" | ")];
      if (o.const !== undefined) return [JSON.stringify(o.const)];
      if (typeof o.pattern === "string") return [String(o.description ?? o.pattern)];
      if (o.type !== undefined) return [Array.isArray(o.type) ? o.type.join(" or ") : String(o.type)];
      if (o.properties !== undefined) return [`{${Object.keys(o.properties as object).join(", ")}}`];
      return [];
    });
    return parts.join(" | ");
  }

  /** The hint for the cursor at `offset` of `text`; `doc` is the last value the text parsed to. */
  hintAt(text: string, offset: number, doc: unknown): Hint | null {
    const location = getLocation(text, offset);
    const path = location.path;
    if (location.isAtPropertyKey) {
      const parent = path.slice(0, -1);
      const s = this.schemaAt(parent, doc);
      const props = s?.properties as Record<string, Schema> | undefined;
      if (props === undefined) return null;
      const required = new Set((s!.required as string[] | undefined) ?? []);
      const keys = Object.keys(props).map((k) => (required.has(k) ? `${k}*` : k));
      return { at: pathText(parent), text: `keys: ${keys.join(", ")}${s!.description ? ` — ${String(s!.description)}` : ""}` };
    }
    const s = this.schemaAt(path, doc);
    if (s === undefined) return null;
    const values = this.describeValues(s);
    const description = typeof s.description === "string" ? ` — ${s.description}` : "";
    return { at: pathText(path), text: `${values === "" ? "any JSON value" : values}${description}` };
  }
}
