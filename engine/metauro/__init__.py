"""Metauro: Romans against Carthaginians on a square grid (the Metaurus, 207 BC, and Zama)."""
