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
