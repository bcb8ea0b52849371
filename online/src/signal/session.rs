//! One peer's WebSocket on the signaling server: matchbox's full-mesh protocol (its id first,
//! then `NewPeer`, `PeerLeft` and the others' `Signal`s; from it, `Signal`s to relay and
//! `KeepAlive`s), within the limits: a message's size, their rate, and silence.

use super::Limits;
use super::door::{REFUSED_ID, REFUSED_WORDS};
use super::rooms::{Data, Member, Shared, Ticket};
use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use hyper::upgrade::Upgraded;
use hyper_util::rt::TokioIo;
use matchbox_protocol::{PeerId, PeerRequest};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::time::timeout;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Error, Message, Utf8Bytes};

pub(super) type Socket = WebSocketStream<TokioIo<Upgraded>>;

/// How long a closing frame may take to leave.
const CLOSE_WAIT: Duration = Duration::from_secs(1);

/// The WebSocket's own bounds: a message (and a frame) no larger than the limit, small
/// buffers (a signaling message is small; many connections are open at once).
pub(super) fn config(limits: &Limits) -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(4 * limits.message_bytes.max(1024))
        .max_message_size(Some(limits.message_bytes))
        .max_frame_size(Some(limits.message_bytes))
}

/// A connection's allowance of messages: a burst at once, then so many a second.
struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    fn new(limits: &Limits) -> Bucket {
        let burst = f64::from(limits.message_burst.max(1));
        Bucket {
            tokens: burst,
            last: Instant::now(),
            rate: f64::from(limits.messages_per_second),
            burst,
        }
    }

    /// One message's worth, if the allowance has it.
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Why the server ends a connection: the code and words of its closing frame.
type Why = (CloseCode, &'static str);

/// A peer's whole stay: in `room` until its connection ends, whatever way it ends; `ticket`
/// (its place on the server) goes back with it.
pub(super) async fn run(socket: Socket, room: String, shared: Arc<Shared>, ticket: Ticket) {
    let _ticket = ticket;
    let (mut sink, mut stream) = socket.split();
    let id = PeerId(uuid::Uuid::new_v4());
    let Some((member, mut queue)) = Member::join(&shared, &room, id) else {
        close(
            &mut sink,
            (CloseCode::Again, "the room or the server is full"),
        )
        .await;
        return;
    };
    let idle = shared.limits.idle;
    let why = {
        let kicked = queue.kicked();
        let (queue, sink) = (&mut queue, &mut sink);
        let write = async {
            while let Some(text) = queue.next().await {
                if !matches!(
                    timeout(idle, sink.send(Message::Text(text))).await,
                    Ok(Ok(()))
                ) {
                    break;
                }
            }
        };
        tokio::select! {
            _ = write => None,
            why = read(&mut stream, &shared, &member) => why,
            () = kicked.wait() => Some((CloseCode::Policy, "reads too slowly")),
        }
    };
    // Out of the room first: the others hear at once that it left; what was queued goes.
    drop(member);
    drop(queue);
    if let Some(why) = why {
        close(&mut sink, why).await;
    }
}

/// A page from an origin not allowed: the nil id (what its table reads as "this page is
/// refused"), then the closing frame that says why; `ticket` goes back with the connection.
pub(super) async fn refuse(socket: Socket, ticket: Ticket) {
    let _ticket = ticket;
    let (mut sink, _stream) = socket.split();
    let id = format!("{{\"IdAssigned\":\"{REFUSED_ID}\"}}");
    let _ = timeout(CLOSE_WAIT, sink.send(Message::text(id))).await;
    close(&mut sink, (CloseCode::Policy, REFUSED_WORDS)).await;
}

async fn close(sink: &mut futures_util::stream::SplitSink<Socket, Message>, (code, words): Why) {
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from_static(words),
    };
    let _ = timeout(CLOSE_WAIT, sink.send(Message::Close(Some(frame)))).await;
}

/// Reads the peer's requests until its connection ends (`None`) or breaks a limit.
async fn read(stream: &mut SplitStream<Socket>, shared: &Shared, member: &Member) -> Option<Why> {
    let limits = shared.limits;
    let mut allowance = Bucket::new(&limits);
    loop {
        let frame = match timeout(limits.idle, stream.next()).await {
            Err(_) => return Some((CloseCode::Away, "silent too long")),
            Ok(None) => return None,
            Ok(Some(Err(Error::Capacity(_)))) => return Some((CloseCode::Size, "too big")),
            Ok(Some(Err(_))) => return None,
            Ok(Some(Ok(frame))) => frame,
        };
        if !allowance.take() {
            return Some((CloseCode::Policy, "too many messages"));
        }
        match frame {
            Message::Text(text) => match serde_json::from_str::<PeerRequest<Data>>(&text) {
                Ok(PeerRequest::Signal { receiver, data }) => {
                    shared.relay(&member.room, member.id, receiver, data);
                }
                Ok(PeerRequest::KeepAlive) => {}
                Err(_) => return Some((CloseCode::Policy, "not matchbox's protocol")),
            },
            Message::Ping(_) | Message::Pong(_) => {}
            Message::Close(_) => return None,
            Message::Binary(_) | Message::Frame(_) => {
                return Some((CloseCode::Unsupported, "text only"));
            }
        }
    }
}
