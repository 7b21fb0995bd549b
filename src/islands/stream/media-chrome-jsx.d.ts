import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type Element = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  class?: string;
  slot?: string;
  noautohide?: boolean | string;
  autohide?: string;
};

// media-chrome's web components as JSX elements (React 19 passes attributes straight through).
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': Element;
      'media-control-bar': Element;
      'media-play-button': Element;
      'media-mute-button': Element;
      'media-volume-range': Element;
      'media-time-range': Element;
      'media-time-display': Element & { showduration?: boolean | string };
      'media-fullscreen-button': Element;
      'media-loading-indicator': Element;
    }
  }
}
