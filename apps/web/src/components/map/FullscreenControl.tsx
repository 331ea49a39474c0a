import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

export const FULLSCREEN_TITLE = 'Basculer en plein écran';

const ICON =
  '<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M1 1h5v2H3v3H1zm9 0h5v5h-2V3h-3zM1 10h2v3h3v2H1zm12 0h2v5h-5v-2h3z"/></svg>';

/**
 * 'Basculer en plein écran': the map (its `.yams-map` box) fills the screen through the Fullscreen API,
 * or, where the browser refuses it (an iPhone, an embedded view), fills the window with CSS. Escape or the
 * same button comes back. The map is told its new size each time.
 */
export function FullscreenControl() {
  const map = useMap();
  useEffect(() => {
    const box = map.getContainer().closest('.yams-map') as HTMLElement | null;
    if (!box) return;
    let button: HTMLAnchorElement | null = null;
    const isOn = () => document.fullscreenElement === box || box.classList.contains('yams-map--fullscreen');
    const changed = () => {
      button?.setAttribute('aria-pressed', String(isOn()));
      // The box changed size: Leaflet measures it again (after the browser has laid it out).
      requestAnimationFrame(() => map.invalidateSize());
    };
    const toggle = async () => {
      if (document.fullscreenElement === box) await document.exitFullscreen().catch(() => undefined);
      else if (box.classList.contains('yams-map--fullscreen')) box.classList.remove('yams-map--fullscreen');
      else {
        try {
          if (!box.requestFullscreen) throw new Error('no Fullscreen API');
          await box.requestFullscreen();
        } catch {
          box.classList.add('yams-map--fullscreen');
        }
      }
      changed();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && box.classList.contains('yams-map--fullscreen')) {
        box.classList.remove('yams-map--fullscreen');
        changed();
      }
    };
    const control = new L.Control({ position: 'topleft' });
    control.onAdd = () => {
      const bar = L.DomUtil.create('div', 'leaflet-bar leaflet-control');
      button = L.DomUtil.create('a', 'yams-map-fullscreen', bar) as HTMLAnchorElement;
      button.href = '#';
      button.title = FULLSCREEN_TITLE;
      button.setAttribute('role', 'button');
      button.setAttribute('aria-label', FULLSCREEN_TITLE);
      button.setAttribute('aria-pressed', 'false');
      button.innerHTML = ICON;
      L.DomEvent.disableClickPropagation(bar);
      L.DomEvent.on(button, 'click', (e) => {
        L.DomEvent.preventDefault(e);
        void toggle();
      });
      return bar;
    };
    control.addTo(map);
    document.addEventListener('fullscreenchange', changed);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('fullscreenchange', changed);
      document.removeEventListener('keydown', onKey);
      box.classList.remove('yams-map--fullscreen');
      control.remove();
    };
  }, [map]);
  return null;
}
