//! A signaling server in-process (the desktop's, for play on one network, and the tests'):
//! matchbox's full-mesh server behind our door. A browser's page must come from an allowed
//! origin (a desktop app sends none); a room's name must be one of ours; connections are
//! capped.

use matchbox_signaling::SignalingServer;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Connections the server holds at once.
pub const MAX_CONNECTIONS: usize = 64;

/// Whether a WebSocket request may open: no `Origin` (a desktop table) or one of `allowed`,
/// and a path naming a room of ours.
pub fn door_ok(origin: Option<&str>, path: Option<&str>, allowed: &[String]) -> bool {
    let origin_ok = match origin {
        None => true,
        Some(o) => allowed
            .iter()
            .any(|a| a.trim_end_matches('/') == o.trim_end_matches('/')),
    };
    let room_ok = path.is_some_and(|p| {
        p.len() <= 64
            && p.strip_prefix("come-buy-").is_some_and(|code| {
                code.len() == crate::code::CODE_LEN
                    && code.chars().all(|c| crate::code::LETTERS.contains(c))
            })
    });
    origin_ok && room_ok
}

/// A running signaling server.
#[derive(Debug)]
pub struct Signal {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Signal {
    /// Serves on `addr` (port 0: any free port) until dropped; `allowed`: the web pages'
    /// origins that may use it.
    // matchbox's callback type returns an HTTP response as its error.
    #[allow(clippy::result_large_err)]
    pub fn serve(addr: SocketAddr, allowed: Vec<String>) -> Result<Signal, String> {
        let count = Arc::new(AtomicUsize::new(0));
        let (up, down) = (count.clone(), count.clone());
        let (stop, stopped) = tokio::sync::oneshot::channel();
        let mut server = SignalingServer::full_mesh_builder(addr)
            .on_connection_request(move |meta| {
                let origin = meta
                    .headers
                    .get("origin")
                    .and_then(|o| o.to_str().ok())
                    .map(str::to_string);
                Ok(count.load(Ordering::Relaxed) < MAX_CONNECTIONS
                    && door_ok(origin.as_deref(), meta.path.as_deref(), &allowed))
            })
            .on_id_assignment(move |_| {
                up.fetch_add(1, Ordering::Relaxed);
            })
            .on_peer_disconnected(move |_| {
                down.fetch_sub(1, Ordering::Relaxed);
            })
            .with_shutdown(stopped)
            .build();
        let addr = server
            .bind()
            .map_err(|e| format!("signaling server: {e}"))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| format!("signaling server: {e}"))?;
        std::thread::Builder::new()
            .name("online-signal".into())
            .spawn(move || {
                let _ = runtime.block_on(server.serve());
            })
            .map_err(|e| format!("signaling server: {e}"))?;
        Ok(Signal {
            addr,
            stop: Some(stop),
        })
    }

    /// The address tables use: `ws://addr`.
    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }
}

impl Drop for Signal {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_door_checks_origin_and_room() {
        let allowed = vec!["https://friends.example".to_string()];
        let room = "come-buy-ACDEFHJKMNPR";
        assert!(door_ok(None, Some(room), &allowed));
        assert!(door_ok(
            Some("https://friends.example/"),
            Some(room),
            &allowed
        ));
        assert!(!door_ok(Some("https://evil.example"), Some(room), &allowed));
        assert!(!door_ok(None, Some("come-buy-ACDE"), &allowed));
        assert!(!door_ok(None, Some("other-game"), &allowed));
        assert!(!door_ok(None, None, &allowed));
    }
}
