import type { RouteDeclaration } from '~/server/http/route-rules';
import * as eventIdApiphp from './[eventId]/api.php';
import * as RegistrationEventIdConfirmResend from './api/Registration/[eventId]/confirm/resend';
import * as RegistrationEventIdPasswordlessResend from './api/Registration/[eventId]/passwordless/resend';
import * as RegistrationEventIdRegister from './api/Registration/[eventId]/register';
import * as getTermsTextId from './api/liveEvent/[eventId]/getTermsText/[id]';
import * as resetPasswordValue from './api/liveEvent/[eventId]/resetPassword/[value]';
import * as storeTermsAcceptanceId from './api/liveEvent/[eventId]/storeTermsAcceptance/[id]';
import * as connectLogout from './connect/logout';
import * as connectToken from './connect/token';

export const loginRoutes: readonly RouteDeclaration[] = [
  eventIdApiphp.GET,
  eventIdApiphp.POST,
  RegistrationEventIdConfirmResend.POST,
  RegistrationEventIdPasswordlessResend.POST,
  RegistrationEventIdRegister.POST,
  getTermsTextId.GET,
  resetPasswordValue.GET,
  storeTermsAcceptanceId.POST,
  connectLogout.POST,
  connectToken.POST,
];
