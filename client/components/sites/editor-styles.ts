/**
 * Puck and its drag-and-drop add a few <style> elements at run time (dnd-kit's drag styles; the
 * drop animation hides the dropped block for a moment). The Content-Security-Policy refuses inline
 * <style> elements (server/http/security-headers.ts) and Chromium reports each refusal, whatever the
 * element's type. While the editor is open, a <style> added to the document's head is kept out of
 * the document and applied as a constructed stylesheet instead (CSSOM, which the policy does not
 * govern; client/lib/style-singleton.ts does the same for Radix): later changes to its text update the
 * sheet, and its remove() drops it. Returns the undo, which drops what is left.
 */
export function adoptInjectedStyles(doc: Document = document): () => void {
  const head = doc.head;
  const sheets = new Map<HTMLStyleElement, { sheet: CSSStyleSheet; observer: MutationObserver }>();
  const drop = (node: HTMLStyleElement) => {
    const entry = sheets.get(node);
    if (!entry) return;
    sheets.delete(node);
    entry.observer.disconnect();
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== entry.sheet);
  };
  /** True when the node was taken as a stylesheet (and must not be inserted). */
  const adopt = (node: unknown): boolean => {
    if (!(node instanceof HTMLStyleElement)) return false;
    if (sheets.has(node)) return true;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(node.textContent ?? '');
    const observer = new MutationObserver(() => sheet.replaceSync(node.textContent ?? ''));
    observer.observe(node, { childList: true, characterData: true, subtree: true });
    sheets.set(node, { sheet, observer });
    node.remove = () => drop(node);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return true;
  };
  const own = { appendChild: head.appendChild, append: head.append, prepend: head.prepend, insertBefore: head.insertBefore };
  head.appendChild = function <T extends Node>(node: T): T {
    return adopt(node) ? node : (own.appendChild.call(head, node) as T);
  };
  head.append = (...nodes: (Node | string)[]) =>
    own.append.apply(
      head,
      nodes.filter((n) => !adopt(n)),
    );
  head.prepend = (...nodes: (Node | string)[]) =>
    own.prepend.apply(
      head,
      nodes.filter((n) => !adopt(n)),
    );
  head.insertBefore = function <T extends Node>(node: T, child: Node | null): T {
    return adopt(node) ? node : (own.insertBefore.call(head, node, child) as T);
  };
  return () => {
    // The instance properties shadow the prototype's methods; deleting them restores those.
    for (const key of Object.keys(own)) delete (head as unknown as Record<string, unknown>)[key];
    [...sheets.keys()].forEach(drop);
  };
}

/** A stylesheet (the blocks' CSS) applied to the document while the editor shows them; returns the undo. */
export function adoptStylesheet(cssText: string, doc: Document = document): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  return () => {
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

/**
 * A published page's stylesheet, limited to the editor's canvas (`@scope`): its document rules
 * (`:root` variables, `html`, `body`) apply to the canvas instead, and nothing reaches the app around it.
 * With a `container`, its width media queries become queries of that container (the phone preview,
 * preview-device.tsx), so the blocks are laid out by a phone's width, not the window's.
 */
export function scopedToCanvas(cssText: string, scope = '[data-puck-preview]', container: string | null = null): string {
  const rooted = cssText.replace(/:root\b/g, ':scope').replace(/(^|[}\s,;])(?:html|body)(?=\s*[{,])/g, '$1:scope');
  const queried = container ? rooted.replace(/@media\s*(\(\s*(?:min|max)-width\s*:[^)]*\))(?=\s*\{)/g, `@container ${container} $1`) : rooted;
  return `@scope (${scope}) {\n${queried}\n}`;
}
