// Raw deflate (RFC 1951, no zlib or gzip wrapper) over zlib, as zip entries of method 8 hold it: compressing a whole
// buffer, and inflating one into exactly the size its zip entry declares, never more.

import CZlib

/// zlib's raw deflate and inflate on whole buffers.
enum Deflate {
    /// Why an inflate failed.
    enum Failure: Error, Equatable {
        /// The compressed bytes are not deflate data, or end before the data does.
        case damaged
        /// The data inflates to more bytes than declared.
        case longer
        /// The data ends before giving the declared number of bytes.
        case shorter
    }

    /// `bytes` compressed at zlib's default level.
    static func compress(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { preconditionFailure("zlib could not start deflating (out of memory)") }
        defer { deflateEnd(&stream) }
        // deflateBound is what one call with Z_FINISH needs at most; the loop is for safety only.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        var produced = 0
        var input = bytes
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            var status = Z_OK
            while status == Z_OK || status == Z_BUF_ERROR {
                if produced == output.count { output += [UInt8](repeating: 0, count: output.count) }
                status = output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress.map { $0 + produced }
                    stream.avail_out = uInt(target.count - produced)
                    let status = deflate(&stream, Z_FINISH)
                    produced = target.count - Int(stream.avail_out)
                    return status
                }
            }
            precondition(status == Z_STREAM_END, "zlib failed deflating: \(status)")
        }
        output.removeLast(output.count - produced)
        return output
    }

    /// `bytes` inflated, which must give exactly `size` bytes: more, fewer, or damaged data is a failure. Allocates
    /// `size` bytes (the caller checks it against its limits first), however much the data claims.
    static func decompress(_ bytes: ArraySlice<UInt8>, size: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { preconditionFailure("zlib could not start inflating (out of memory)") }
        defer { inflateEnd(&stream) }
        // One byte more than declared, so that longer data shows itself.
        var output = [UInt8](repeating: 0, count: size + 1)
        var input = bytes
        let (status, produced) = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                var status = Z_OK
                // Every call either makes progress or returns Z_BUF_ERROR (no input left, or no room).
                while status == Z_OK {
                    status = inflate(&stream, Z_NO_FLUSH)
                }
                return (status, target.count - Int(stream.avail_out))
            }
        }
        if produced > size { throw .longer }
        switch status {
        case Z_STREAM_END:
            guard produced == size else { throw .shorter }
        case Z_BUF_ERROR:
            throw .shorter
        default:
            throw .damaged
        }
        output.removeLast()
        return output
    }
}
