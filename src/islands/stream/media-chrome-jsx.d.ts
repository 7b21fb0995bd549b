import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type MediaElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  class?: string;
  slot?: string;
  noautohide?: boolean | string;
  autohide?: string;
};

// media-chrome's web components as JSX elements (React 19 passes attributes straight through).
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': MediaElementProps;
      'media-control-bar': MediaElementProps;
      'media-play-button': MediaElementProps;
      'media-mute-button': MediaElementProps;
      'media-volume-range': MediaElementProps;
      'media-time-range': MediaElementProps;
      'media-time-display': MediaElementProps & { showduration?: boolean | string };
      'media-fullscreen-button': MediaElementProps;
      'media-loading-indicator': MediaElementProps;
    }
  }
}
