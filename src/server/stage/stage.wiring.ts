import { services } from '~/server/services';
import { createStageRepository } from './stage.repository';
import { createStageService, type StageService } from './stage.service';

let instance: StageService | undefined;

/** The stage service over the process-wide database. */
export function stageService(): StageService {
  return (instance ??= createStageService({ repository: createStageRepository(services().db) }));
}
