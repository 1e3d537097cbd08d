"""What the games' picture modules share (`Front.picture`): the fixed font and the PNG bytes of an image.

The font is Pillow's own default face at a size (the one the card game's and Battle Royale's pictures use),
so no font file of the machine is read and the same view gives the same bytes wherever the bot runs. Pillow
is imported here, and this module only by picture modules, which a front imports when a picture is asked for.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageFont


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's default face at `size` pixels (the small bitmap font when Pillow has no FreeType)."""
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):
        return ImageFont.load_default()


def png(image: Image.Image) -> bytes:
    """The image as PNG bytes, with no time or other metadata: the same image gives the same bytes."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()
