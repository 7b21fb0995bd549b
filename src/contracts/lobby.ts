/** What the lobby's sections render (docs/product.md §2 Lobby); shaped on the server. */

export interface LobbySession {
  id: number;
  title: string;
  subtitle: string | null;
  startDate: string;
  endDate: string;
  trackTitle: string | null;
  trackColor: string | null;
  isLive: boolean;
}

export interface LobbySpeaker {
  id: number;
  name: string;
  lastName: string;
  jobTitle: string | null;
  company: string | null;
  profileImageUrl: string | null;
}

export interface LobbySponsor {
  id: number;
  name: string;
  logoUrl: string | null;
}

export interface LobbySponsorGroup {
  /** null: sponsors without a category. */
  category: string | null;
  sponsors: LobbySponsor[];
}

export interface LobbyFaqEntry {
  id: number;
  heading: string;
  /** Sanitised HTML. */
  body: string;
}
