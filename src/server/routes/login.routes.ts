import { FORM_BODY, type RouteDeclaration } from '~/server/http/route-rules';
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
  { method: 'GET', path: '/:eventId/api.php', who: 'login', sideEffects: false, cache: 'private', handler: eventIdApiphp.GET },
  { method: 'POST', path: '/:eventId/api.php', who: 'login', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: eventIdApiphp.POST },
  { method: 'POST', path: '/api/Registration/:eventId/confirm/resend', who: 'anyone', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: RegistrationEventIdConfirmResend.POST },
  { method: 'POST', path: '/api/Registration/:eventId/passwordless/resend', who: 'anyone', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: RegistrationEventIdPasswordlessResend.POST },
  { method: 'POST', path: '/api/Registration/:eventId/register', who: 'anyone', sideEffects: true, cache: 'private', bodyLimit: 64 * 1024, handler: RegistrationEventIdRegister.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/getTermsText/:id', who: 'member', sideEffects: false, cache: 'private', handler: getTermsTextId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/resetPassword/:value', who: 'anyone', sideEffects: false, cache: 'private', handler: resetPasswordValue.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/storeTermsAcceptance/:id', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 1024 * 1024, handler: storeTermsAcceptanceId.POST },
  { method: 'POST', path: '/connect/logout', who: 'login', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: connectLogout.POST },
  { method: 'POST', path: '/connect/token', who: 'login', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: connectToken.POST },
];
