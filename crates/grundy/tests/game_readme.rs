//! The README's "write your own game" program is the example program
//! `examples/own_game.rs`, which `cargo test` compiles: this test keeps the
//! two copies identical, so the README's code always builds.

#[test]
fn readme_example_is_the_example_program() {
    let readme = include_str!("../../../README.md");
    let example = include_str!("../examples/own_game.rs");
    let start = readme
        .find("<!-- own_game.rs -->\n```rust\n")
        .expect("README has the marked own_game.rs block")
        + "<!-- own_game.rs -->\n```rust\n".len();
    let end = start + readme[start..].find("```").expect("the block is closed");
    assert_eq!(&readme[start..end], example);
}
