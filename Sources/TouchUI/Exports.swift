// The core's geometry and time come from the Geometry module; importing TouchUI brings them along.
@_exported import Geometry
