/**
 * The catalog feature's public entry: no other feature uses its parts yet. Its catalog screens load
 * lazily from ./pages, imported by the route table alone: a screen module never goes through an
 * index, so a feature that imports this entry does not pull the screens in (nor a cycle through them).
 */
export {};
