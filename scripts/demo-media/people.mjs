// Portrait parameters of the demo event's speakers and of a few attendees; the keys match
// events/demo.event.json (speakers: /demo/speakers/<key>.svg, users: /demo/attendees/<key>.svg).

export const SPEAKER_FACES = {
  'ingrid-solberg': { bg: '#cfe8e3', shirt: '#0b6e69', skin: 0, hair: 'long', hairColour: '#d9b26f', earrings: true },
  'amara-okafor': { bg: '#f3d9c6', shirt: '#5b2a86', skin: 5, hair: 'curly', hairColour: '#1d1410', earrings: true, smile: 16 },
  'lars-haugen': { bg: '#d6e2f3', shirt: '#1e4e8c', skin: 1, hair: 'short', hairColour: '#8a5a2b', beard: true },
  'mei-lin-chen': { bg: '#efd6e6', shirt: '#9d174d', skin: 1, hair: 'bob', hairColour: '#14110f', glasses: '#3a2b2b' },
  'johan-lindqvist': { bg: '#e4e9d1', shirt: '#3f6212', skin: 0, hair: 'sidepart', hairColour: '#c9a46a', glasses: '#1f2937' },
  'sofia-martinez': { bg: '#d9e7f7', shirt: '#b45309', skin: 2, hair: 'bun', hairColour: '#3b2314', smile: 14 },
  'aino-virtanen': { bg: '#e6e1f5', shirt: '#0f766e', skin: 0, hair: 'bob', hairColour: '#e8d3a2' },
  'kwame-mensah': { bg: '#f5e6c8', shirt: '#1f2937', skin: 4, hair: 'buzz', hairColour: '#151010', beard: true, smile: 16 },
  'freya-jonsdottir': { bg: '#d3ece0', shirt: '#7c2d12', skin: 0, hair: 'long', hairColour: '#b5522b', glasses: '#7c2d12' },
  'mikkel-nielsen': { bg: '#e9dccf', shirt: '#334155', skin: 1, hair: 'short', hairColour: '#4a3222', smile: 8 },
  'priya-raman': { bg: '#f7dada', shirt: '#1d4ed8', skin: 3, hair: 'long', hairColour: '#1a1210', earrings: true },
  'erik-dahl': { bg: '#dbe4ea', shirt: '#7f1d1d', skin: 0, hair: 'bald', hairColour: '#9ca3af', beard: true, glasses: '#111827' },
  'hanna-berg': { bg: '#e3f1d5', shirt: '#6d28d9', skin: 1, hair: 'bun', hairColour: '#6b4226', glasses: '#6d28d9' },
  'tomasz-nowak': { bg: '#e2e0f0', shirt: '#115e59', skin: 1, hair: 'sidepart', hairColour: '#2a1d14', smile: 10 },
};

export const ATTENDEE_FACES = {
  'alex-andersen': { bg: '#d5ecf2', shirt: '#0b6e69', skin: 1, hair: 'sidepart', hairColour: '#5a3b22', smile: 14 },
  'oda-fjeld': { bg: '#f2e3d3', shirt: '#5b2a86', skin: 0, hair: 'bun', hairColour: '#a0522d', glasses: '#333' },
  'yusuf-demir': { bg: '#e6e6e6', shirt: '#1e4e8c', skin: 3, hair: 'short', hairColour: '#120d0a', beard: true },
  'nora-lie': { bg: '#e8def5', shirt: '#be185d', skin: 0, hair: 'long', hairColour: '#e2c48a' },
  'chidi-eze': { bg: '#dff0e4', shirt: '#92400e', skin: 5, hair: 'buzz', hairColour: '#0f0b08', smile: 16 },
  'kari-moen': { bg: '#d9e4f5', shirt: '#0f766e', skin: 0, hair: 'bob', hairColour: '#7b4b2a', earrings: true },
};

/** Initials avatars: key -> [initials, background, text]; pairs pass WCAG AA (>= 4.5:1). */
export const ATTENDEE_INITIALS = {
  'sindre-aas': ['SA', '#0b2545', '#ffffff'],
  'leila-haddad': ['LH', '#7b2d8e', '#ffffff'],
  'ole-brekke': ['OB', '#fde68a', '#1f2937'],
};
