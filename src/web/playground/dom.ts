// A few DOM helpers: build elements without innerHTML (nothing the author
// types is ever parsed as markup).
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; title?: string; testid?: string } = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class !== undefined) node.className = props.class;
  if (props.title !== undefined) node.title = props.title;
  if (props.testid !== undefined) node.dataset.testid = props.testid;
  for (const c of children) if (c !== null) node.append(c);
  return node;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node as T;
}

/** Replace a list's items. */
export function fill(list: HTMLElement, items: (Node | string)[]): void {
  list.replaceChildren(...items);
}
