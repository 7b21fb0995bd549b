/**
 * Personal data by domain (docs/privacy.md). Every domain that stores something about
 * a person contributes one source, listed in `src/server/personal-data-sources.ts`; the privacy
 * service runs them all for "Download my data" and "Delete my account", in one transaction each.
 * The interface lives in shared/ so that any domain may implement it.
 */
export interface PersonalDataScope {
  eventId: number;
  userId: number;
  /** The account's address (lower-case), for rows that name a person by e-mail only. */
  email: string;
}

/** Work that must wait until the erasure committed (files on disk cannot roll back). */
export type AfterErase = () => Promise<void>;

export interface PersonalDataSource {
  /** The section of the download this source fills, e.g. 'bookings'. */
  readonly name: string;
  /** Everything this domain holds about the person, as plain JSON. */
  export(scope: PersonalDataScope): Promise<unknown>;
  /**
   * Erases the person's rows, or anonymises those others rely on (a post stays, its author is
   * the anonymised account). Runs inside the erasure's transaction, with its sources' handle.
   */
  erase(scope: PersonalDataScope): Promise<AfterErase | void>;
}
