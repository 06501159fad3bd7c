"""MFRC522 register addresses, bits and commands used by our transceive.

From the NXP MFRC522 data sheet (section 9, "MFRC522 registers", and
section 10, "MFRC522 command set").  Shared by the real-chip adapter
(`drivers.reader.rc522.MFRC522Chip`) and its register-level fake
(`drivers.reader.simulated.mfrc522.FakeMFRC522`), so both read the same facts.
Pure constants and one formula; no I/O.
"""

from __future__ import annotations

# --- page 0: command and status ----------------------------------------------------------
COMMAND_REG = 0x01  # starts and stops command execution; Command[3:0]
COM_IEN_REG = 0x02  # which ComIrqReg bits reach the IRQ pin (not needed when polling)
COM_IRQ_REG = 0x04  # interrupt request bits
DIV_IRQ_REG = 0x05
ERROR_REG = 0x06  # error bits of the last command
STATUS1_REG = 0x07
STATUS2_REG = 0x08
FIFO_DATA_REG = 0x09  # the 64-byte FIFO
FIFO_LEVEL_REG = 0x0A  # bytes in the FIFO; bit 7 (write) flushes it
CONTROL_REG = 0x0C  # RxLastBits[2:0]: valid bits of the last received byte (0: all 8)
BIT_FRAMING_REG = 0x0D  # StartSend (bit 7), RxAlign[6:4], TxLastBits[2:0]
COLL_REG = 0x0E

# --- page 1 / 2: communication and timer configuration ---------------------------------------
MODE_REG = 0x11
TX_MODE_REG = 0x12
RX_MODE_REG = 0x13
TX_CONTROL_REG = 0x14
TX_ASK_REG = 0x15
CRC_RESULT_REG_H = 0x21
CRC_RESULT_REG_L = 0x22
T_MODE_REG = 0x2A  # TAuto (bit 7), TGated, TAutoRestart, TPrescaler_Hi[3:0]
T_PRESCALER_REG = 0x2B  # TPrescaler_Lo[7:0]
T_RELOAD_REG_H = 0x2C
T_RELOAD_REG_L = 0x2D
VERSION_REG = 0x37  # 0x91 / 0x92 on NXP chips, other values on clones; never 0x00 or 0xFF

# --- CommandReg commands ----------------------------------------------------------------------
CMD_IDLE = 0x00
CMD_CALC_CRC = 0x03
CMD_TRANSCEIVE = 0x0C  # send the FIFO on StartSend, then receive into the FIFO
CMD_SOFT_RESET = 0x0F
COMMAND_MASK = 0x0F

# --- ComIrqReg bits -------------------------------------------------------------------------
IRQ_SET1 = 0x80  # on write: 1 sets the marked bits, 0 clears them
IRQ_TX = 0x40
IRQ_RX = 0x20  # the receiver saw the end of a data stream
IRQ_IDLE = 0x10  # a command ended by itself
IRQ_HI_ALERT = 0x08
IRQ_LO_ALERT = 0x04
IRQ_ERR = 0x02  # some ErrorReg bit is set
IRQ_TIMER = 0x01  # the timer counted down to zero: nobody answered in time
IRQ_CLEAR_ALL = 0x7F  # written with Set1 = 0: clears every request bit

# --- ErrorReg bits --------------------------------------------------------------------------
ERR_WR = 0x80
ERR_TEMP = 0x40  # overheating; the antenna drivers switch off
ERR_BUFFER_OVFL = 0x10
ERR_COLL = 0x08  # bit collision: two cards answered differently
ERR_CRC = 0x04  # only with RxCRCEn, which we leave off (CRC_A is checked in software)
ERR_PARITY = 0x02
ERR_PROTOCOL = 0x01
ERR_FRAME_MASK = ERR_BUFFER_OVFL | ERR_COLL | ERR_PARITY | ERR_PROTOCOL  # the answer is unusable

# --- other register bits ----------------------------------------------------------------------
FIFO_FLUSH = 0x80  # FIFOLevelReg, write: empty the FIFO (and clear BufferOvfl)
FIFO_LEVEL_MASK = 0x7F
FIFO_SIZE = 64
RX_LAST_BITS_MASK = 0x07  # ControlReg
START_SEND = 0x80  # BitFramingReg
TX_LAST_BITS_MASK = 0x07  # BitFramingReg; 0: the whole last byte is sent
T_AUTO = 0x80  # TModeReg: the timer starts when a transmission ends, stops when an answer starts

CHIP_CLOCK_HZ = 13_560_000


def timer_period_s(prescaler: int, reload: int) -> float:
    """Time from the end of a transmission to TimerIRq (TPrescalEven = 0, the MFRC522 default).

    The timer ticks at 13.56 MHz / (2 * TPrescaler + 1) and counts TReload + 1 ticks.
    """
    return (2 * prescaler + 1) * (reload + 1) / CHIP_CLOCK_HZ


def timer_registers(prescaler: int, reload: int) -> dict[int, int]:
    """The TModeReg / TPrescalerReg / TReloadReg values for an auto-started timer."""
    if not 0 <= prescaler <= 0x0FFF:
        raise ValueError(f"TPrescaler is 12 bits, got {prescaler}")
    if not 0 <= reload <= 0xFFFF:
        raise ValueError(f"TReload is 16 bits, got {reload}")
    return {
        T_MODE_REG: T_AUTO | (prescaler >> 8),
        T_PRESCALER_REG: prescaler & 0xFF,
        T_RELOAD_REG_H: reload >> 8,
        T_RELOAD_REG_L: reload & 0xFF,
    }
