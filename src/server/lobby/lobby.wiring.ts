import { sanitizeRichText } from '~/server/content/sanitize-html';
import { services } from '~/server/services';
import { createLobbyRepository } from './lobby.repository';
import { createLobbyService, type LobbyService } from './lobby.service';

let service: LobbyService | undefined;

/** The lobby's read service, wired once on first use. */
export function lobbyService(): LobbyService {
  service ??= createLobbyService({ repository: createLobbyRepository(services().db), sanitize: sanitizeRichText });
  return service;
}
