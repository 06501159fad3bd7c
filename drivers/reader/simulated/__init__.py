"""Simulated reader chips, for the tests and the benches: never opened by the running companion.

The real drivers (`drivers.reader.rc522`, `drivers.reader.pn532`) talk to a
chip over SPI or a serial line; these stand in for the chip and the cards in
its field, faults included, so the real drivers' code runs off-Pi:

rc522_chip  the MFRC522's radio side and ISO 14443-A cards (`FakeRC522Chip`)
mfrc522     its registers in front of that radio, as the `mfrc522` library
            sees them (`FakeMFRC522`)
pn532       a PN532 behind a pseudo-terminal (`FakePN532`)

The shipped mock reader (`drivers.reader.mock`) is not here: it is the
`mock` backend a laptop runs the companion with, not a chip.
"""
