// A crowded door for the phone's check (web/phone.mjs): sockets from this machine's address
// that say nothing, as a neighbour on the Wi-Fi would hold them, until the TV turns that
// address away. The TV lets an address hold a few connections at once and closes one that has
// not finished its request within a few seconds, so the places come free by themselves.
import net from "node:net";

// Whether a plain request for the page's art is answered (true) or the socket is closed
// unanswered (false: this address holds every place it may).
function probe(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port }, () => {
      s.write(`GET /art/coin.png HTTP/1.1\r\nHost: ${host}:${port}\r\n\r\n`);
    });
    let got = 0;
    s.on("data", (d) => { got += d.length; });
    s.on("error", () => {});
    s.on("close", () => resolve(got > 0));
  });
}

// A socket that connects and then says nothing.
function silent(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port }, () => resolve(s));
    s.on("error", () => {});
  });
}

// Holds every place `host` may hold at the TV: silent sockets until a probe is turned away.
// Returns the sockets (the TV closes them on its own), or null if it never turned one away.
export async function holdAddress(host, port, most = 16) {
  const held = [];
  for (let i = 0; i <= most; i++) {
    if (!(await probe(host, port))) return held;
    held.push(await silent(host, port));
  }
  for (const s of held) s.destroy();
  return null;
}
