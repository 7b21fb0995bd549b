import sanitizeHtml from 'sanitize-html';
import { services } from '~/server/services';
import { createLobbyRepository } from './lobby.repository';
import { createLobbyService, type LobbyService } from './lobby.service';

// Until the shared rich-text sanitiser (src/server/content/sanitize-html.ts) is on main, FAQ
// bodies are reduced to plain text: safe, only less pretty. Swap in sanitizeRichText on merge.
const toPlainText = (html: string): string => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

let service: LobbyService | undefined;

/** The lobby's read service, wired once on first use. */
export function lobbyService(): LobbyService {
  service ??= createLobbyService({ repository: createLobbyRepository(services().db), sanitize: toPlainText });
  return service;
}
