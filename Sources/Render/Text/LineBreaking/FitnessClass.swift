/// How loose a line is, in TeX's four classes; neighbouring lines more than one class apart
/// cost extra, so a very loose line does not sit on a tight one.
enum FitnessClass: Int, Sendable {
    case tight, decent, loose, veryLoose

    init(ratio: Double) {
        switch ratio {
        case ..<(-0.5): self = .tight
        case ...0.5: self = .decent
        case ...1: self = .loose
        default: self = .veryLoose
        }
    }

    func isAdjacent(to other: FitnessClass) -> Bool { abs(rawValue - other.rawValue) <= 1 }
}
