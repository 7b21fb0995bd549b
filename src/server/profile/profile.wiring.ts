import { config } from '~/server/config';
import { services } from '~/server/services';
import { createAvatarService, type AvatarService } from './avatar.service';
import { createProfileRepository } from './profile.repository';
import { createProfileService, type ProfileService } from './profile.service';

let instance: { profile: ProfileService; avatars: AvatarService } | undefined;

export function profileServices(): { profile: ProfileService; avatars: AvatarService } {
  if (!instance) {
    const { db, users } = services();
    const profiles = createProfileRepository(db);
    instance = {
      profile: createProfileService({ users, profiles }),
      avatars: createAvatarService({ users, profiles, dataDir: config().dataDir }),
    };
  }
  return instance;
}
