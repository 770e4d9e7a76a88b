import type { Plugin } from 'vite';

/**
 * Puck 0.23's root-zone virtualization (docs/decisions/049-editor-and-funnel-speed.md) follows the
 * scroll of its iframe's window. The editor renders without the iframe (the Content-Security-Policy,
 * client/components/sites/page-editor.tsx): there the canvas's own element scrolls and the window never
 * does, so on a page of more than 40 blocks the blocks below the first screen were never mounted.
 * This points Puck's virtualizer at the canvas's scrolling element when there is no iframe. The build
 * fails if Puck's code no longer reads as expected (an upgrade: check whether this is still needed).
 */
const PATCHES: [from: string, to: string][] = [
  // Without an iframe Puck's "frame" is the document itself: no iframe window to follow.
  ['const iframeWindow = frame == null ? void 0 : frame.defaultView;', 'const iframeWindow = frame == null || frame === document ? void 0 : frame.defaultView;'],
  [
    'getScrollElement: () => iframeWindow != null ? iframeWindow : null,',
    `getScrollElement: () => {
      if (iframeWindow != null) return iframeWindow;
      // The canvas's nearest scrolling ancestor (Puck's canvas root).
      let el = document.querySelector("[data-puck-preview]");
      while (el && !/auto|scroll/.test(getComputedStyle(el).overflowY)) el = el.parentElement;
      return el;
    },`,
  ],
];

export function patchPuckVirtualizer(code: string): string {
  let patched = code;
  for (const [from, to] of PATCHES) {
    if (patched.split(from).length !== 2) throw new Error(`puck-canvas-scroll: expected Puck's VirtualizedDropZone to contain once: ${from}`);
    patched = patched.replace(from, to);
  }
  return patched;
}

/** The chunk of @puckeditor/core that holds VirtualizedDropZone, patched as it is bundled (build and dev pre-bundling). */
export function puckCanvasScroll(): Plugin {
  return {
    name: 'switchboard-puck-canvas-scroll',
    transform(code, id) {
      if (!id.includes('@puckeditor/core') || !code.includes('var VirtualizedDropZone = ')) return null;
      return { code: patchPuckVirtualizer(code), map: null };
    },
  };
}
