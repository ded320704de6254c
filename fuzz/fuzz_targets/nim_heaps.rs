//! The Nim heap reader: parsing never panics, and reading the input in
//! chunks cut anywhere (as stdin delivers it) gives exactly what reading it
//! at once gives: the same heaps or the same error.
#![no_main]

use grundy::nim::parse::parse_heaps;
use grundy::nim::{Heap, HeapParser};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&cut_seed, input)) = data.split_first() else {
        return;
    };
    let whole = parse_heaps(input);
    let step = usize::from(cut_seed % 7) + 1;
    let mut chunked: Vec<Heap> = Vec::new();
    let mut parser = HeapParser::new();
    let mut result = Ok(());
    for chunk in input.chunks(step) {
        let mut push = |h| chunked.push(h);
        if let Err(e) = parser.feed(chunk, &mut push) {
            result = Err(e);
            break;
        }
    }
    let chunked = match result {
        Ok(()) => {
            let mut push = |h| chunked.push(h);
            parser.finish(&mut push).map(|_| chunked)
        }
        Err(e) => Err(e),
    };
    assert_eq!(
        whole,
        chunked,
        "{:?} in chunks of {step}",
        String::from_utf8_lossy(input)
    );
});
