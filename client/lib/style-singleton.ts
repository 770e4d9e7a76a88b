import { useEffect } from 'react';

/**
 * react-style-singleton's API (Radix's scroll lock adds `body { overflow: hidden }` and the
 * scrollbar gap through it while a dialog or menu is open), on a constructed stylesheet instead of
 * an injected <style> element. The Content-Security-Policy refuses inline <style> elements
 * (server/http/security-headers.ts); stylesheets built with the CSSOM are not inline markup, so the
 * scroll lock keeps working without loosening style-src. vite.config.ts resolves the package here.
 */
export const stylesheetSingleton = () => {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style: string) {
      if (counter === 0 && typeof document !== 'undefined') {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter += 1;
    },
    remove() {
      counter -= 1;
      if (counter === 0 && sheet) {
        const removed = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== removed);
        sheet = null;
      }
    },
  };
};

export const styleHookSingleton = () => {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    useEffect(
      () => {
        sheet.add(styles);
        return () => sheet.remove();
      },
      // As the package: re-applied only when dynamic styles change.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [styles && isDynamic],
    );
  };
};

export const styleSingleton = () => {
  const useStyle = styleHookSingleton();
  const Sheet = ({ styles, dynamic }: { styles: string; dynamic?: boolean }) => {
    useStyle(styles, dynamic);
    return null;
  };
  return Sheet;
};
