// A valid 3x2 RGBA PNG (69 bytes): the image the media tests read, show and size.
export const PNG_3X2 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000030000000208060000009d74a3c40000000d4944415478da6364f8cf000003030100a1c6a24f0000000049454e44ae426082',
  'hex',
);
