/**
 * The holding picture (docs/decisions.md "Organiser console"): under the stream, in the stream
 * area's reserved 16:9 box, until the first frame plays. It is in the server's HTML and asks for
 * a high fetch priority, so it is the stage's first large paint (its LCP), not a later one.
 * Decorative: the stream region is labelled and says what plays.
 */
export function HoldingPicture({ src }: { src: string | null }) {
  if (!src) return null;
  return <img className="stream-holding" src={src} alt="" fetchPriority="high" decoding="async" data-testid="holding-picture" />;
}
