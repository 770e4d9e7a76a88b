import { MonitorIcon, SmartphoneIcon } from 'lucide-react';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { pageCss } from '../../../server/sites/blocks/css';
import { BLOCK_TYPES } from '../../../server/sites/blocks/schema';
import { adoptStylesheet, scopedToCanvas } from './editor-styles';

/**
 * The editor's preview as on a desktop or a phone (issue #20). The preview renders in the page, not
 * in a frame (page-editor.tsx IFRAME), so the blocks' width media queries would read the editor's window:
 * in the phone preview the canvas stylesheet has them as container queries of this wrapper
 * (editor-styles.ts scopedToCanvas), at a phone's width — the published page's own CSS then lays the
 * blocks out as a phone shows them.
 */

export type PreviewDevice = 'desktop' | 'phone';
/** A common phone's CSS width (Puck's own "Small" viewport). */
export const PHONE_WIDTH = 360;
/** The container the canvas stylesheet's queries read. */
export const PREVIEW_CONTAINER = 'sb-preview';

/** The chosen device, outside React's tree state: switching re-renders the wrapper and the toggle, never the editor. */
export class DeviceStore {
  private device: PreviewDevice = 'desktop';
  private readonly listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  get = () => this.device;
  set = (device: PreviewDevice) => {
    this.device = device;
    this.listeners.forEach((l) => l());
  };
}

const DeviceContext = createContext<DeviceStore | null>(null);

export function DeviceProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new DeviceStore());
  return <DeviceContext.Provider value={store}>{children}</DeviceContext.Provider>;
}

function useDevice(): [PreviewDevice, (device: PreviewDevice) => void] {
  const store = useContext(DeviceContext);
  if (!store) throw new Error('The preview device outside the page editor');
  return [useSyncExternalStore(store.subscribe, store.get), store.set];
}

/**
 * Puck's `preview` override: on a phone, the canvas in a container of a phone's width whose queries
 * the blocks' stylesheet reads; on a desktop, the stylesheet's own media queries (the window's width,
 * as before: a container there would take the canvas's intrinsic width, which Puck leaves to its content).
 */
export function DevicePreview({ children }: { children: ReactNode }) {
  const [device] = useDevice();
  const phone = device === 'phone';
  useEffect(() => adoptStylesheet(scopedToCanvas(pageCss(BLOCK_TYPES), undefined, phone ? PREVIEW_CONTAINER : null)), [phone]);
  return (
    <div
      data-preview-device={device}
      data-testid="preview-device"
      style={phone ? { containerType: 'inline-size', containerName: PREVIEW_CONTAINER, height: '100%', marginInline: 'auto', width: `${PHONE_WIDTH}px`, maxWidth: '100%' } : { height: '100%' }}
    >
      {children}
    </div>
  );
}

const DEVICES: { device: PreviewDevice; label: string; Icon: typeof MonitorIcon }[] = [
  { device: 'desktop', label: 'Desktop preview', Icon: MonitorIcon },
  { device: 'phone', label: 'Phone preview', Icon: SmartphoneIcon },
];

/** The header's two buttons: desktop or phone. */
export function DeviceToggle() {
  const [device, setDevice] = useDevice();
  return (
    <div role="group" aria-label="Preview" className="flex items-center rounded-md border border-gray-300 dark:border-gray-600">
      {DEVICES.map(({ device: d, label, Icon }) => (
        <button
          key={d}
          type="button"
          aria-pressed={device === d}
          aria-label={label}
          title={label}
          onClick={() => setDevice(d)}
          className={`p-1.5 ${device === d ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300' : 'text-gray-600 dark:text-gray-400'}`}
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}
