//! A minimal PNG writer: 8-bit RGBA, filter type 0 on every row, and a zlib stream made of
//! stored (uncompressed) deflate blocks. Big files, but valid everywhere and only a few dozen lines
//! with no dependencies; the game itself never writes PNGs, only the previews and tests do.

use crate::art::Raster;
use std::path::Path;

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
/// The largest payload one stored deflate block can carry.
const MAX_STORED: usize = 65_535;

/// Encodes `width` x `height` straight-alpha RGBA8 pixels (row-major, 4 bytes each) as a PNG.
///
/// # Panics
/// If `rgba` is shorter than `width * height * 4` bytes.
pub fn encode_png(width: u32, height: u32, rgba: &[u8]) -> Vec<u8> {
    let row = width as usize * 4;
    let rows = height as usize;
    assert!(
        rgba.len() >= row * rows,
        "encode_png: {} bytes for {width}x{height}",
        rgba.len()
    );

    // Raw scanlines: a filter byte (0 = none) before each row.
    let mut raw = Vec::with_capacity((row + 1) * rows);
    for y in 0..rows {
        raw.push(0);
        raw.extend_from_slice(&rgba[y * row..(y + 1) * row]);
    }

    let mut out = Vec::with_capacity(raw.len() + raw.len() / MAX_STORED * 5 + 128);
    out.extend_from_slice(&SIGNATURE);

    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    write_chunk(&mut out, b"IHDR", &ihdr);
    write_chunk(&mut out, b"IDAT", &zlib_stored(&raw));
    write_chunk(&mut out, b"IEND", &[]);
    out
}

/// Writes `raster` to `path` as a PNG file.
pub fn write_png(path: impl AsRef<Path>, raster: &Raster) -> std::io::Result<()> {
    std::fs::write(
        path,
        encode_png(raster.width, raster.height, &raster.pixels),
    )
}

fn write_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let len = u32::try_from(data.len()).expect("PNG chunk over 4 GiB");
    out.extend_from_slice(&len.to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951, BTYPE 00).
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / MAX_STORED * 5 + 16);
    // CMF: deflate, 32 KiB window; FLG: no dictionary, fastest, so that CMF*256+FLG is a
    // multiple of 31.
    out.extend_from_slice(&[0x78, 0x01]);
    let mut blocks = data.chunks(MAX_STORED).peekable();
    if blocks.peek().is_none() {
        // An empty final stored block.
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(block) = blocks.next() {
        let last = u8::from(blocks.peek().is_none());
        let len = block.len() as u16;
        out.push(last);
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

/// CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected) as PNG uses it.
pub(crate) fn crc32(data: &[u8]) -> u32 {
    static TABLE: std::sync::OnceLock<[u32; 256]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [0u32; 256];
        for (n, entry) in t.iter_mut().enumerate() {
            let mut c = n as u32;
            for _ in 0..8 {
                c = if c & 1 != 0 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
            *entry = c;
        }
        t
    });
    let mut crc = 0xffff_ffffu32;
    for &b in data {
        crc = table[((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8);
    }
    crc ^ 0xffff_ffff
}

/// Adler-32 as zlib uses it.
pub(crate) fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65_521;
    let (mut a, mut b) = (1u32, 0u32);
    // 5552 bytes is the most that can be summed before the u32s could overflow.
    for chunk in data.chunks(5552) {
        for &x in chunk {
            a += u32::from(x);
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    (b << 16) | a
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Splits a PNG into (type, data) chunks, checking each CRC on the way.
    fn chunks(png: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
        assert_eq!(&png[..8], &SIGNATURE);
        let mut at = 8;
        let mut out = Vec::new();
        while at < png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let kind: [u8; 4] = png[at + 4..at + 8].try_into().unwrap();
            let data = png[at + 8..at + 8 + len].to_vec();
            let crc = u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().unwrap());
            assert_eq!(crc, crc32(&png[at + 4..at + 8 + len]), "CRC of {:?}", kind);
            out.push((kind, data));
            at += 12 + len;
        }
        assert_eq!(at, png.len());
        out
    }

    /// Undoes `zlib_stored`, checking the header, block framing and Adler-32.
    fn inflate_stored(z: &[u8]) -> Vec<u8> {
        assert_eq!((u32::from(z[0]) * 256 + u32::from(z[1])) % 31, 0);
        assert_eq!(z[0] & 0x0f, 8, "deflate");
        let mut at = 2;
        let mut out = Vec::new();
        loop {
            let header = z[at];
            assert_eq!(header & 0b110, 0, "stored block");
            let len = u16::from_le_bytes([z[at + 1], z[at + 2]]);
            let nlen = u16::from_le_bytes([z[at + 3], z[at + 4]]);
            assert_eq!(len, !nlen);
            out.extend_from_slice(&z[at + 5..at + 5 + len as usize]);
            at += 5 + len as usize;
            if header & 1 == 1 {
                break;
            }
        }
        let adler = u32::from_be_bytes(z[at..at + 4].try_into().unwrap());
        assert_eq!(adler, adler32(&out));
        assert_eq!(at + 4, z.len());
        out
    }

    #[test]
    fn known_checksums() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
        assert_eq!(adler32(&[]), 1);
    }

    #[test]
    fn png_structure_crcs_and_adler() {
        // 200 x 100 RGBA is 80,100 bytes of scanlines: two stored blocks.
        let (w, h) = (200u32, 100u32);
        let rgba: Vec<u8> = (0..w * h * 4).map(|i| (i * 7 % 251) as u8).collect();
        let png = encode_png(w, h, &rgba);
        let parts = chunks(&png);
        let kinds: Vec<&[u8; 4]> = parts.iter().map(|(k, _)| k).collect();
        assert_eq!(kinds, [b"IHDR", b"IDAT", b"IEND"]);
        let ihdr = &parts[0].1;
        assert_eq!(u32::from_be_bytes(ihdr[0..4].try_into().unwrap()), w);
        assert_eq!(u32::from_be_bytes(ihdr[4..8].try_into().unwrap()), h);
        assert_eq!(&ihdr[8..], &[8, 6, 0, 0, 0]);
        let raw = inflate_stored(&parts[1].1);
        assert_eq!(raw.len(), (w as usize * 4 + 1) * h as usize);
        for (y, line) in raw.chunks(w as usize * 4 + 1).enumerate() {
            assert_eq!(line[0], 0, "filter byte");
            let row = w as usize * 4;
            assert_eq!(&line[1..], &rgba[y * row..(y + 1) * row]);
        }
        assert!(parts[2].1.is_empty());
    }

    #[test]
    fn tiny_and_empty_images() {
        for (w, h) in [(1, 1), (0, 0), (3, 0)] {
            let png = encode_png(w, h, &vec![255; (w * h * 4) as usize]);
            let parts = chunks(&png);
            let raw = inflate_stored(&parts[1].1);
            assert_eq!(raw.len(), (w as usize * 4 + 1) * h as usize);
        }
    }
}
