/**
 * Loads an identity provider's library (a classic script from the provider's own host) when the
 * visitor chooses that provider, never with the page: no third-party script runs before a click.
 * Each library is fetched once; a failure, or no answer within 30 s (the network time-out of the
 * specification, as http.ts's TIMEOUT), rejects with `network-request-failed`, and the next click
 * tries again.
 *
 * The provider chunks reject with catalogue codes (strings) and import nothing /applycode's chunk
 * imports: a module both used would be split out of that chunk into a shared file, which costs
 * the page its own bytes (see test/unit/firebase-chunk-size.test.ts). /applycode turns the codes
 * into FirebaseErrors.
 */

const loading: Record<string, Promise<unknown>> = {};

export function loadScript(src: string): Promise<unknown> {
  const script = document.createElement('script');
  return (loading[src] ??= new Promise((resolve, reject) => {
    script.src = src;
    script.onload = resolve;
    script.onerror = reject;
    setTimeout(reject, 30_000);
    document.head.append(script);
  }).catch(() => {
    delete loading[src];
    script.remove();
    throw 'network-request-failed';
  }));
}
