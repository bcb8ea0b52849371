//! The phones' door shared fairly, through the real server on loopback: a neighbour on the
//! Wi-Fi who holds every place from a few addresses cannot keep a real phone out.

use crate::common::phone::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy_engine::mykonos::Mykonos;
use std::net::TcpStream;

/// A connection from loopback address `from` that says nothing (it holds a place at the
/// phones' door until the handshake's deadline).
fn silent_from(from: std::net::Ipv4Addr, port: u16) -> TcpStream {
    use socket2::{Domain, Socket, Type};
    let s = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    s.bind(&std::net::SocketAddr::from((from, 0)).into())
        .unwrap();
    s.connect(&std::net::SocketAddr::from(([127, 0, 0, 1], port)).into())
        .unwrap();
    s.into()
}

/// A neighbour on the Wi-Fi who holds every place of the phones' door from three addresses
/// (connections that say nothing, opened again and again) cannot keep a real phone out: a
/// phone from another address takes the place of the busiest address's oldest connection
/// that is not a phone, while the neighbour's own next connection is still turned away.
#[test]
fn a_neighbour_holding_every_place_cannot_keep_a_phone_out() {
    use std::net::Ipv4Addr;
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(1, 1), 2, Speed::Instant);
    let (port, code) = serve(&mut app);
    let limits = come_buy::phones::net::LIMITS;
    let addresses = limits.connections / limits.per_address;
    assert!(addresses >= 2, "{limits:?}");
    let door = |app: &App| tv_phones(app).door;
    let mut held = Vec::new();
    for a in 0..addresses {
        for _ in 0..limits.per_address {
            held.push(silent_from(Ipv4Addr::new(127, 0, 0, 2 + a as u8), port));
        }
    }
    assert!(
        run_until(&mut app, 4000, |app| door(app).admitted as usize
            >= limits.connections),
        "every place taken: {:?}",
        door(&app)
    );
    // The neighbour asks for one more from an address it holds: turned away, nobody closed.
    let turned = door(&app).turned_away;
    held.push(silent_from(Ipv4Addr::new(127, 0, 0, 2), port));
    assert!(run_until(&mut app, 4000, |app| door(app).turned_away > turned));
    assert_eq!(door(&app).evicted, 0, "{:?}", door(&app));
    // A phone from another address: in, and in the room.
    let mut phone = own_page_from(Some(Ipv4Addr::new(127, 0, 0, 20)), port, &code)
        .expect("the phone is let in");
    hello(&mut phone, &code, None);
    until(&mut app, &mut phone, |m| m["t"] == "seats");
    let d = door(&app);
    println!("a neighbour holding the door from {addresses} addresses: {d:?}");
    assert!(d.evicted >= 1, "{d:?}");
    drop(held);
}
