//! The phones' door through the real server on loopback: only our own page may open the
//! socket, and the room's code; wrong codes are told so, counted and lock the address out for
//! a while (even the right code), and the TV says that codes were guessed.

use crate::common::phone::*;
use crate::common::*;
use come_buy::cli::Speed;
use come_buy::phones::Phones;
use come_buy::phones::net::{CLOSE_WAIT, CLOSE_WRONG_CODE};
use come_buy_engine::mykonos::Mykonos;
use std::time::Duration;

#[test]
fn wrong_codes_lock_an_address_out_and_the_tv_counts_them() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(1, 1), 2, Speed::Instant);
    let (port, code) = serve(&mut app);
    // 8 letters of 16: 32 bits of chance.
    assert_eq!(code.len(), 8);
    assert!(
        code.chars()
            .all(|c| come_buy::phones::ROOM_LETTERS.contains(c))
    );
    let other = {
        let mut p = Phones::default();
        let c = p
            .start_on(std::net::Ipv4Addr::LOCALHOST.into(), Some(0))
            .unwrap()
            .code
            .clone();
        p.stop();
        c
    };
    assert_ne!(other, code, "each room has a code of its own");
    let wrong: String = code
        .chars()
        .map(|c| if c == 'A' { 'C' } else { 'A' })
        .collect();
    // Each is told why it is refused, and from the third on how long the door waits.
    let told: Vec<_> = (0..3).map(|_| refusal(port, &wrong)).collect();
    assert_eq!(
        told,
        [
            Ok((CLOSE_WRONG_CODE, 0)),
            Ok((CLOSE_WRONG_CODE, 0)),
            Ok((CLOSE_WRONG_CODE, 1))
        ]
    );
    // Locked out now: even the right code is refused from this address, told the wait.
    assert_eq!(
        refusal(port, &code),
        Ok((CLOSE_WAIT, 1)),
        "a locked-out address is refused"
    );
    assert!(run_until(&mut app, 2_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        let d = tv_phones(app).door;
        d.wrong_codes == 3 && d.locked == 1 && d.turned_away >= 1
    }));
    assert!(
        app.world()
            .resource::<come_buy::notice::Notices>()
            .has("wrong room codes"),
        "the TV says that codes were guessed"
    );
    // After the lock-out (a second after three wrong codes) the right code opens.
    std::thread::sleep(Duration::from_millis(1200));
    let mut phone = connect(port, &code).expect("the lock-out ends");
    until(&mut app, &mut phone, |m| m["t"] == "seats");
}

#[test]
fn only_our_own_page_may_open_the_socket() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(1, 1), 2, Speed::Instant);
    let (port, code) = serve(&mut app);
    let ours = format!("http://127.0.0.1:{port}");
    // Another page, no Origin, a page renamed to this machine's address (DNS rebinding).
    assert!(connect_as(port, &code, Some("https://evil.example".into()), None).is_err());
    assert!(connect_as(port, &code, None, None).is_err());
    assert!(
        connect_as(
            port,
            &code,
            Some(format!("http://evil.example:{port}")),
            Some(format!("evil.example:{port}"))
        )
        .is_err()
    );
    assert!(run_until(&mut app, 2_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        tv_phones(app).door.turned_away == 3
    }));
    // Not guesses: they never reached the code.
    assert_eq!(tv_phones(&app).door.wrong_codes, 0);
    assert!(connect_as(port, &code, Some(ours), None).is_ok());
}
