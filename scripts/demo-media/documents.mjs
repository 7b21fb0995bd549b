// Text of the demo event's PDF documents (public/demo/documents/*.pdf).

export const DOCUMENTS = {
  'programme-overview': {
    title: 'Programme overview', subtitle: 'Two days, three tracks, one planet', colour: '#0b6e69',
    pages: [[
      { h: 'Day one – Energy that thinks' },
      { p: 'The summit opens on the main stage in Aurora Hall with a welcome from the host and the keynote “Grids that think”. Afternoon sessions split into the Climate & Energy track in Room Fjord and the Build & Design track in Room Fjell.' },
      { li: 'Main stage: keynotes, panels and the live quiz' },
      { li: 'Room Fjord: climate data, storage, geothermal and ocean science' },
      { li: 'Room Fjell: product, design and engineering for low-carbon software' },
      { li: 'Breakout rooms: small-group workshops with limited seats – book in the agenda' },
      { h: 'Day two – From pilots to scale' },
      { p: 'Investors, cities and builders compare what worked. The day ends with the closing keynote and the treasure-hunt prize draw.' },
      { h: 'Good to know' },
      { p: 'Every main-stage session is streamed in the platform. Sessions with a seat limit need a booking; the agenda shows the seats left.' },
    ]],
  },
  'venue-guide': {
    title: 'Venue and travel guide', subtitle: 'Getting to and around the summit', colour: '#1e4e8c',
    pages: [[
      { h: 'Arriving' },
      { p: 'The venue is a ten-minute walk from Oslo Central Station. Take the airport train from Oslo Airport (about 20 minutes) and follow the signs for the waterfront.' },
      { h: 'Badges and check-in' },
      { p: 'Show the QR ticket from your profile at the entrance. Badges are printed on the spot; the desk opens at 08:00 both days.' },
      { h: 'Accessibility' },
      { li: 'Step-free access to every room; lifts by the main entrance' },
      { li: 'Induction loops in Aurora Hall and Room Fjord' },
      { li: 'Quiet room on level 2, open all day' },
    ], [
      { h: 'Food and coffee' },
      { p: 'Coffee, tea and fruit are served in the café all day. Lunch is vegetarian by default; tell us about allergies at the info desk.' },
      { h: 'Sustainability' },
      { p: 'No printed programme: use the web app. Bring a bottle – water stations are on every floor.' },
    ]],
  },
  'keynote-grids-that-think': {
    title: 'Grids that think', subtitle: 'Keynote slides – Ingrid Solberg, Nordvind Energy', colour: '#5b2a86',
    pages: [[
      { h: 'Why the grid is the bottleneck' },
      { p: 'Wind and solar are cheap; moving their power to where it is needed, when it is needed, is not. Flexibility is the new capacity.' },
      { h: 'Three shifts' },
      { li: 'From forecasting demand to shaping it' },
      { li: 'From central dispatch to millions of small decisions' },
      { li: 'From yearly plans to five-minute markets' },
      { h: 'What we learned in the Nordvind pilots' },
      { p: 'Heat pumps, EV chargers and batteries in 4 000 homes shaved the evening peak by 18 % without anyone feeling colder.' },
    ]],
  },
  'nordvind-product-sheet': {
    title: 'Nordvind Flex', subtitle: 'Product sheet – Nordvind Energy', colour: '#0b2545',
    pages: [[
      { h: 'Flexibility as a service' },
      { p: 'Nordvind Flex connects home batteries, heat pumps and chargers to the balancing market and pays households for the flexibility they provide.' },
      { li: 'Works with the leading charger and heat-pump brands' },
      { li: 'Settles every hour; payouts monthly' },
      { li: 'Open API for energy communities' },
      { h: 'Meet us' },
      { p: 'Book a meeting room from our sponsor page or visit booth 1 in the expo.' },
    ]],
  },
};

/** One-page sponsor sheets: key -> [company, product, colour, pitch, bullets]. */
const SPONSOR_SHEETS = {
  'polar-grid': ['Polar Grid', 'Polar Grid Atlas', '#1e4e8c', 'Hourly emissions and weather data for every grid area in the Nordics, ready for your models.', ['Open data tier for researchers', 'Streaming API with five-minute resolution', 'Carbon-aware scheduling SDK']],
  'aurora-studio': ['Aurora Studio', 'Low-energy design audits', '#7b2d8e', 'We help product teams cut the energy their apps and websites use without cutting what users love.', ['Page-weight and energy budgets', 'Dark-mode and motion reviews', 'Accessible by default']],
  'tidewater-cloud': ['Tidewater Cloud', 'Hydro-powered regions', '#0369a1', 'Cloud regions in Western Norway run on hydropower with free cooling from the fjords.', ['Per-workload carbon reports', 'Heat reuse for local fish farms', 'EU data residency']],
  fjellnett: ['Fjellnett', 'Rural fibre for the energy transition', '#334155', 'Fjellnett connects wind parks, substations and mountain villages with resilient fibre.', ['Dark fibre and managed networks', '99.99 % availability targets', 'Local field teams']],
  'boreal-ventures': ['Boreal Ventures', 'Fund III – climate deep tech', '#3f6212', 'We back Nordic founders in energy, materials and food from seed to series A.', ['Tickets from 0.5 to 5 MNOK', 'Office hours every Friday', 'Portfolio of 31 companies']],
  'arctic-ocean-institute': ['Arctic Ocean Institute', 'Open ocean observatory', '#075985', 'A research institute sharing sea-ice, temperature and ecosystem data from the Barents Sea.', ['Public data portal', 'Student fellowships', 'Citizen-science programme']],
};
for (const [key, [company, product, colour, pitch, bullets]] of Object.entries(SPONSOR_SHEETS)) {
  DOCUMENTS[`${key}-sheet`] = {
    title: product, subtitle: `Sponsor sheet – ${company}`, colour,
    pages: [[{ h: 'What we do' }, { p: pitch }, ...bullets.map((li) => ({ li })), { h: 'Meet us' }, { p: `Book a meeting room on the ${company} sponsor page or visit our booth in the expo.` }]],
  };
}
