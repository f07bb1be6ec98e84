package io.drivelab;

public final class Main {
    public static void main(String[] args) {
    }
}
