/**
 * Puck adds a few <style> elements at run time (the drop animation hides the dropped block for a
 * moment). The Content-Security-Policy refuses inline <style> elements (server/http/security-headers.ts),
 * and Chromium reports each refusal as an error. While the editor is open, a <style> appended to the
 * document's head is turned into a constructed stylesheet (CSSOM, which the policy does not govern,
 * as client/lib/style-singleton.ts does for Radix) and the element itself is inserted inert
 * (a non-CSS type is never parsed, so never checked). Returns the undo.
 */
export function adoptInjectedStyles(doc: Document = document): () => void {
  const head = doc.head;
  const sheets = new Map<HTMLStyleElement, CSSStyleSheet>();
  const adopt = (node: unknown) => {
    if (!(node instanceof HTMLStyleElement) || sheets.has(node) || (node.type && node.type !== 'text/css')) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(node.textContent ?? '');
    node.type = 'text/x-adopted-stylesheet';
    sheets.set(node, sheet);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  };
  const own = { appendChild: head.appendChild, append: head.append, prepend: head.prepend, insertBefore: head.insertBefore };
  head.appendChild = function <T extends Node>(node: T): T {
    adopt(node);
    return own.appendChild.call(head, node) as T;
  };
  head.append = (...nodes: (Node | string)[]) => {
    nodes.forEach(adopt);
    own.append.apply(head, nodes);
  };
  head.prepend = (...nodes: (Node | string)[]) => {
    nodes.forEach(adopt);
    own.prepend.apply(head, nodes);
  };
  head.insertBefore = function <T extends Node>(node: T, child: Node | null): T {
    adopt(node);
    return own.insertBefore.call(head, node, child) as T;
  };
  // An adopted element that leaves the head takes its stylesheet with it.
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      mutation.removedNodes.forEach((node) => {
        const sheet = node instanceof HTMLStyleElement ? sheets.get(node) : undefined;
        if (!sheet) return;
        sheets.delete(node as HTMLStyleElement);
        doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
      });
    }
  });
  observer.observe(head, { childList: true });
  return () => {
    observer.disconnect();
    Object.assign(head, own);
    // The instance properties shadowed the prototype's methods; removing them restores those.
    for (const key of Object.keys(own)) delete (head as unknown as Record<string, unknown>)[key];
    const gone = new Set(sheets.values());
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => !gone.has(s));
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
 */
export function scopedToCanvas(cssText: string, scope = '[data-puck-preview]'): string {
  const rooted = cssText.replace(/:root\b/g, ':scope').replace(/(^|[}\s,;])(?:html|body)(?=\s*[{,])/g, '$1:scope');
  return `@scope (${scope}) {\n${rooted}\n}`;
}
