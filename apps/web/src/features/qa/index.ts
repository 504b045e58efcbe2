/** The Q&A feature's public entry: no other feature uses its parts (the router loads its pages lazily). */
export {};
