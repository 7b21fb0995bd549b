/** Contact link types of docs/product.md §3. */
export const CONTACT_LINK_TYPES = [
  'Web', 'Email', 'Phone', 'Skype', 'Facebook', 'Twitter', 'Linkedin', 'Snapchat', 'Instagram', 'Youtube', 'Vimeo', 'Slideshare',
] as const;
export type ContactLinkType = (typeof CONTACT_LINK_TYPES)[number];

export interface ContactLink {
  type: ContactLinkType;
  url: string;
}
