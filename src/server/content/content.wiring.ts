import { sendMail } from '~/server/leads/mailer';
import { services } from '~/server/services';
import { createContentRepository } from './content.repository';
import { createContentService, type ContentService } from './content.service';

let instance: ContentService | undefined;

export function contentService(): ContentService {
  return (instance ??= createContentService({ repository: createContentRepository(services().db), sendMail }));
}
