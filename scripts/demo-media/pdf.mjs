// A minimal PDF 1.4 writer for the demo documents: A4 pages of wrapped text in the standard
// Helvetica fonts (not embedded, so files stay a few KB) with a coloured header band.

const WIN_ANSI = { '–': 0x96, '—': 0x97, '’': 0x92, '‘': 0x91, '“': 0x93, '”': 0x94, '•': 0x95, '€': 0x80 };

/** Bytes of a PDF string literal in WinAnsiEncoding, with ( ) \ escaped. */
function pdfString(text) {
  const bytes = [];
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.codePointAt(0);
    if (code > 255) throw new Error(`character ${ch} is not in WinAnsiEncoding`);
    if (ch === '(' || ch === ')' || ch === '\\') bytes.push(0x5c);
    bytes.push(code);
  }
  return `(${Buffer.from(bytes).toString('latin1')})`;
}

/** Greedy wrap by an average Helvetica glyph width (about half the font size). */
function wrap(text, size, width) {
  const max = Math.floor(width / (size * 0.5));
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line.length + 1 + word.length) > max) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A document-information string (PDFDocEncoding differs from WinAnsi): UTF-16BE hex with a BOM. */
const infoString = (text) => `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

const rgb = (hex) => [1, 3, 5].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(3)).join(' ');

/** Content stream of one page: blocks are { h: heading } or { p: paragraph } or { li: bullet }. */
function pageContent(title, subtitle, blocks, colour, pageNo) {
  const ops = [`${rgb(colour)} rg 0 742 595 100 re f`, 'BT 1 1 1 rg /F2 24 Tf 48 790 Td', `${pdfString(title)} Tj`, '/F1 12 Tf 0 -24 Td', `${pdfString(subtitle)} Tj ET`];
  let y = 700;
  for (const [i, block] of blocks.entries()) {
    if (block.h && i > 0) y -= 10;
    const [font, size, indent, text, gap] = block.h ? ['/F2', 15, 0, block.h, 10] : block.li ? ['/F1', 11, 14, `• ${block.li}`, 4] : ['/F1', 11, 0, block.p, 8];
    for (const line of wrap(text, size, 499 - indent)) {
      ops.push(`BT 0.08 0.13 0.24 rg ${font} ${size} Tf ${48 + indent} ${y} Td ${pdfString(line)} Tj ET`);
      y -= size + 5;
    }
    y -= gap;
  }
  ops.push(`BT 0.35 0.4 0.45 rg /F1 9 Tf 48 40 Td ${pdfString(`Northern Lights Summit · demo document · page ${pageNo}`)} Tj ET`);
  return ops.join('\n');
}

/** A whole PDF as bytes; `pages` is a list of block lists. Deterministic: no dates, fixed ids. */
export function makePdf({ title, subtitle, pages, colour = '#0b6e69' }) {
  const objects = [];
  const add = (body) => { objects.push(body); return objects.length; };
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(null); // the page tree, filled in once the page ids are known
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${infoString(title)} /Producer (make-demo-media) >>`);
  const kids = pages.map((blocks, i) => {
    const content = pageContent(title, subtitle, blocks, colour, i + 1);
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    return add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${stream} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`);
  });
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
