import type { Translate } from '~/lib/translate';
import type { ControlFailure as Failure } from './console.store';
import { failureText } from './control-failure';

export interface ControlFailureProps {
  failure: Failure | undefined;
  t: Translate;
}

/** A failure beside the control it belongs to, announced when it appears. */
export function ControlFailure({ failure, t }: ControlFailureProps) {
  return failure ? <p className="console-error" role="alert">{failureText(failure, t)}</p> : null;
}
